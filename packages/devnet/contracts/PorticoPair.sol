// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

interface IERC20Minimal {
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// @dev Token transfers that accept tokens returning nothing as well as `true`.
library SafeTransfer {
    error TransferFailed(address token);

    function safeTransfer(address token, address to, uint256 value) internal {
        (bool ok, bytes memory ret) = token.call(abi.encodeCall(IERC20Minimal.transfer, (to, value)));
        _check(token, ok, ret);
    }

    function safeTransferFrom(address token, address from, address to, uint256 value) internal {
        (bool ok, bytes memory ret) = token.call(abi.encodeCall(IERC20Minimal.transferFrom, (from, to, value)));
        _check(token, ok, ret);
    }

    /// @dev A failed call re-throws the token's own error (e.g. InsufficientAllowance); a `false`
    ///      return or a call to an address without code reverts TransferFailed(token).
    function _check(address token, bool ok, bytes memory ret) private view {
        if (!ok) {
            if (ret.length > 0) {
                assembly {
                    revert(add(ret, 32), mload(ret))
                }
            }
            revert TransferFailed(token);
        }
        if (ret.length == 0 ? token.code.length == 0 : !abi.decode(ret, (bool))) revert TransferFailed(token);
    }
}

/// @title PorticoPair
/// @notice A constant-product pool of two ERC-20 tokens (token0 < token1 by address), written for
///         the Portico devnet. It is itself an ERC-20: the LP token ("Portico LP", 18 decimals).
///         Callers send tokens to the pair first, then call `mint` (add liquidity), `burn` (send
///         LP tokens to the pair first; remove liquidity) or `swap` (send the input first). A swap
///         must keep (x·1000 − 3·in_x)·(y·1000 − 3·in_y) ≥ x₀·y₀·1000²: a 0.3% fee on the input
///         stays in the pool for the liquidity providers.
contract PorticoPair {
    using SafeTransfer for address;

    string public constant name = "Portico LP";
    string public constant symbol = "PLP";
    uint8 public constant decimals = 18;
    /// @notice Liquidity locked forever at the first mint (sent to address(0)), so the pool can never be emptied.
    uint256 public constant MINIMUM_LIQUIDITY = 1000;

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    address public immutable factory;
    address public token0;
    address public token1;

    uint112 private reserve0;
    uint112 private reserve1;
    uint32 private blockTimestampLast;
    uint256 private unlocked = 1;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Mint(address indexed sender, uint256 amount0, uint256 amount1);
    event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to);
    event Swap(
        address indexed sender,
        uint256 amount0In,
        uint256 amount1In,
        uint256 amount0Out,
        uint256 amount1Out,
        address indexed to
    );
    event Sync(uint112 reserve0, uint112 reserve1);

    error Locked();
    error Forbidden();
    error AlreadyInitialized();
    error InsufficientLiquidityMinted();
    error InsufficientLiquidityBurned();
    error InsufficientOutputAmount();
    error InsufficientInputAmount();
    error InsufficientLiquidity();
    error InvalidTo();
    error K();
    error Overflow();
    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);

    modifier lock() {
        if (unlocked != 1) revert Locked();
        unlocked = 2;
        _;
        unlocked = 1;
    }

    constructor() {
        factory = msg.sender;
    }

    /// @notice Called once by the factory right after deployment.
    function initialize(address token0_, address token1_) external {
        if (msg.sender != factory) revert Forbidden();
        if (token0 != address(0)) revert AlreadyInitialized();
        token0 = token0_;
        token1 = token1_;
    }

    function getReserves() public view returns (uint112 reserve0_, uint112 reserve1_, uint32 blockTimestampLast_) {
        return (reserve0, reserve1, blockTimestampLast);
    }

    // ---- LP token (ERC-20) ----

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 current = allowance[from][msg.sender];
        if (current != type(uint256).max) {
            if (current < value) revert InsufficientAllowance(msg.sender, current, value);
            unchecked {
                allowance[from][msg.sender] = current - value;
            }
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        uint256 balance = balanceOf[from];
        if (balance < value) revert InsufficientBalance(from, balance, value);
        unchecked {
            balanceOf[from] = balance - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function _mint(address to, uint256 value) private {
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function _burn(address from, uint256 value) private {
        balanceOf[from] -= value;
        totalSupply -= value;
        emit Transfer(from, address(0), value);
    }

    // ---- pool ----

    function _update(uint256 balance0, uint256 balance1) private {
        if (balance0 > type(uint112).max || balance1 > type(uint112).max) revert Overflow();
        reserve0 = uint112(balance0);
        reserve1 = uint112(balance1);
        blockTimestampLast = uint32(block.timestamp);
        emit Sync(reserve0, reserve1);
    }

    /// @notice Mints LP tokens to `to` for the tokens sent to the pair since the last update.
    function mint(address to) external lock returns (uint256 liquidity) {
        (uint112 r0, uint112 r1, ) = getReserves();
        uint256 balance0 = IERC20Minimal(token0).balanceOf(address(this));
        uint256 balance1 = IERC20Minimal(token1).balanceOf(address(this));
        uint256 amount0 = balance0 - r0;
        uint256 amount1 = balance1 - r1;
        uint256 supply = totalSupply;
        if (supply == 0) {
            liquidity = _sqrt(amount0 * amount1);
            if (liquidity <= MINIMUM_LIQUIDITY) revert InsufficientLiquidityMinted();
            liquidity -= MINIMUM_LIQUIDITY;
            _mint(address(0), MINIMUM_LIQUIDITY);
        } else {
            uint256 l0 = (amount0 * supply) / r0;
            uint256 l1 = (amount1 * supply) / r1;
            liquidity = l0 < l1 ? l0 : l1;
        }
        if (liquidity == 0) revert InsufficientLiquidityMinted();
        _mint(to, liquidity);
        _update(balance0, balance1);
        emit Mint(msg.sender, amount0, amount1);
    }

    /// @notice Burns the LP tokens sent to the pair and sends `to` their share of both reserves.
    function burn(address to) external lock returns (uint256 amount0, uint256 amount1) {
        address t0 = token0;
        address t1 = token1;
        uint256 balance0 = IERC20Minimal(t0).balanceOf(address(this));
        uint256 balance1 = IERC20Minimal(t1).balanceOf(address(this));
        uint256 liquidity = balanceOf[address(this)];
        uint256 supply = totalSupply;
        amount0 = (liquidity * balance0) / supply;
        amount1 = (liquidity * balance1) / supply;
        if (amount0 == 0 || amount1 == 0) revert InsufficientLiquidityBurned();
        _burn(address(this), liquidity);
        t0.safeTransfer(to, amount0);
        t1.safeTransfer(to, amount1);
        _update(IERC20Minimal(t0).balanceOf(address(this)), IERC20Minimal(t1).balanceOf(address(this)));
        emit Burn(msg.sender, amount0, amount1, to);
    }

    /// @notice Sends `amount0Out` of token0 and `amount1Out` of token1 to `to`; the input must
    ///         already be in the pair. Reverts with K() unless the fee-adjusted product holds.
    function swap(uint256 amount0Out, uint256 amount1Out, address to) external lock {
        if (amount0Out == 0 && amount1Out == 0) revert InsufficientOutputAmount();
        (uint112 r0, uint112 r1, ) = getReserves();
        if (amount0Out >= r0 || amount1Out >= r1) revert InsufficientLiquidity();
        if (to == token0 || to == token1) revert InvalidTo();
        if (amount0Out > 0) token0.safeTransfer(to, amount0Out);
        if (amount1Out > 0) token1.safeTransfer(to, amount1Out);
        (uint256 amount0In, uint256 amount1In) = _checkK(r0, r1, amount0Out, amount1Out);
        emit Swap(msg.sender, amount0In, amount1In, amount0Out, amount1Out, to);
    }

    /// @dev After a swap's outputs left: the inputs, checked against the fee-adjusted x·y ≥ k; updates the reserves.
    function _checkK(uint256 r0, uint256 r1, uint256 amount0Out, uint256 amount1Out)
        private
        returns (uint256 amount0In, uint256 amount1In)
    {
        uint256 balance0 = IERC20Minimal(token0).balanceOf(address(this));
        uint256 balance1 = IERC20Minimal(token1).balanceOf(address(this));
        amount0In = balance0 > r0 - amount0Out ? balance0 - (r0 - amount0Out) : 0;
        amount1In = balance1 > r1 - amount1Out ? balance1 - (r1 - amount1Out) : 0;
        if (amount0In == 0 && amount1In == 0) revert InsufficientInputAmount();
        uint256 adjusted0 = balance0 * 1000 - amount0In * 3;
        uint256 adjusted1 = balance1 * 1000 - amount1In * 3;
        if (adjusted0 * adjusted1 < r0 * r1 * 1_000_000) revert K();
        _update(balance0, balance1);
    }

    /// @notice Sends any tokens above the reserves to `to`.
    function skim(address to) external lock {
        address t0 = token0;
        address t1 = token1;
        t0.safeTransfer(to, IERC20Minimal(t0).balanceOf(address(this)) - reserve0);
        t1.safeTransfer(to, IERC20Minimal(t1).balanceOf(address(this)) - reserve1);
    }

    /// @notice Sets the reserves to the balances.
    function sync() external lock {
        _update(IERC20Minimal(token0).balanceOf(address(this)), IERC20Minimal(token1).balanceOf(address(this)));
    }

    function _sqrt(uint256 y) private pure returns (uint256 z) {
        if (y > 3) {
            z = y;
            uint256 x = y / 2 + 1;
            while (x < z) {
                z = x;
                x = (y / x + x) / 2;
            }
        } else if (y != 0) {
            z = 1;
        }
    }
}
