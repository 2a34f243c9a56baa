// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title WETH9
/// @notice Wrapped ether for the Portico devnet: `deposit()` (or a plain transfer) mints WETH 1:1
///         for the ether sent, `withdraw(amount)` burns it and sends the ether back. An ERC-20 with
///         18 decimals whose total supply is the ether the contract holds.
contract WETH9 {
    string public constant name = "Wrapped Ether";
    string public constant symbol = "WETH";
    uint8 public constant decimals = 18;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Deposit(address indexed to, uint256 value);
    event Withdrawal(address indexed from, uint256 value);

    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error EtherTransferFailed();

    receive() external payable {
        deposit();
    }

    function deposit() public payable {
        balanceOf[msg.sender] += msg.value;
        emit Deposit(msg.sender, msg.value);
    }

    function withdraw(uint256 value) external {
        uint256 balance = balanceOf[msg.sender];
        if (balance < value) revert InsufficientBalance(msg.sender, balance, value);
        unchecked {
            balanceOf[msg.sender] = balance - value;
        }
        emit Withdrawal(msg.sender, value);
        (bool ok, ) = msg.sender.call{value: value}("");
        if (!ok) revert EtherTransferFailed();
    }

    function totalSupply() external view returns (uint256) {
        return address(this).balance;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        return transferFrom(msg.sender, to, value);
    }

    function transferFrom(address from, address to, uint256 value) public returns (bool) {
        if (from != msg.sender) {
            uint256 current = allowance[from][msg.sender];
            if (current != type(uint256).max) {
                if (current < value) revert InsufficientAllowance(msg.sender, current, value);
                unchecked {
                    allowance[from][msg.sender] = current - value;
                }
            }
        }
        uint256 balance = balanceOf[from];
        if (balance < value) revert InsufficientBalance(from, balance, value);
        unchecked {
            balanceOf[from] = balance - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
        return true;
    }
}
