// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title IdRegistry
/// @notice A small stand-in for the Farcaster IdRegistry on the Portico devnet: which address holds
///         the custody of each Farcaster id (fid). Only the deployer registers ids; Sign In With
///         Farcaster verification reads `custodyOf(fid)` as it reads the real registry.
contract IdRegistry {
    /// @notice The deployer: the only account that may register ids.
    address public immutable owner;

    mapping(uint256 fid => address custody) private _custodyOf;

    /// @notice The fid whose custody an address holds (0: none).
    mapping(address custody => uint256 fid) public idOf;

    event Register(address indexed to, uint256 indexed id);

    error Unauthorized();
    error InvalidId();
    error InvalidCustody();
    error AlreadyRegistered();

    constructor() {
        owner = msg.sender;
    }

    /// @notice Give `fid` to `custody`. Each fid and each custody address is registered once.
    function register(uint256 fid, address custody) external {
        if (msg.sender != owner) revert Unauthorized();
        if (fid == 0) revert InvalidId();
        if (custody == address(0)) revert InvalidCustody();
        if (_custodyOf[fid] != address(0) || idOf[custody] != 0) revert AlreadyRegistered();
        _custodyOf[fid] = custody;
        idOf[custody] = fid;
        emit Register(custody, fid);
    }

    /// @notice The custody address of `fid` (the zero address when the fid is not registered).
    function custodyOf(uint256 fid) external view returns (address) {
        return _custodyOf[fid];
    }
}
