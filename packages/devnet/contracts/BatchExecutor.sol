// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title BatchExecutor
/// @notice The code an EIP-7702 account delegates to: it runs a batch of calls from the account,
///         all or nothing. Only the account itself may start a batch (a transaction the account
///         sends to its own address), so a delegated EOA keeps its key as the only authority.
contract BatchExecutor {
    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    /// @notice One per executed batch.
    event BatchExecuted(address indexed account, uint256 calls);

    /// @notice The caller is not the account itself.
    error Unauthorized(address caller);
    /// @notice Call `index` of the batch failed with `reason`; nothing of the batch remains.
    error CallFailed(uint256 index, bytes reason);

    /// @notice Run `calls` in order from this account. Reverts the whole batch if any call fails.
    function execute(Call[] calldata calls) external payable {
        if (msg.sender != address(this)) revert Unauthorized(msg.sender);
        uint256 n = calls.length;
        for (uint256 i = 0; i < n; i++) {
            Call calldata c = calls[i];
            (bool ok, bytes memory reason) = c.to.call{value: c.value}(c.data);
            if (!ok) revert CallFailed(i, reason);
        }
        emit BatchExecuted(address(this), n);
    }

    /// @notice A delegated account still receives the native currency.
    receive() external payable {}
}
