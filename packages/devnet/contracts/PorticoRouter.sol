// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {PorticoFactory} from "./PorticoFactory.sol";
import {PorticoPair, SafeTransfer} from "./PorticoPair.sol";

interface IWETH {
    function deposit() external payable;
    function withdraw(uint256 value) external;
    function transfer(address to, uint256 value) external returns (bool);
}

/// @title PorticoRouter
/// @notice Exact-input swaps along a path of PorticoPairs, and liquidity adds. Every swap first
///         takes the provider fee, `amountIn * feeBps / 10000` of the source token (ether for
///         swapExactETHForTokens), and sends it to `feeRecipient`; the rest goes into the first
///         pool. Each hop then pays the constant-product output with the pools' 0.3% LP fee:
///         out = in·997·reserveOut / (reserveIn·1000 + in·997).
///         A hop may not take more than MAX_OUTPUT_BPS of its pool's output reserve
///         (InsufficientLiquidity): an amount that would drain a pool is refused.
contract PorticoRouter {
    using SafeTransfer for address;

    address public immutable factory;
    address public immutable WETH;
    address public immutable feeRecipient;
    uint256 public immutable feeBps;
    /// @notice The largest share (in basis points) of a pool's output reserve one hop may take.
    uint256 public constant MAX_OUTPUT_BPS = 5000;

    error Expired();
    error InsufficientOutputAmount();
    error InsufficientLiquidity();
    error InvalidPath();
    error InvalidFee();
    error EtherTransferFailed();

    modifier ensure(uint256 deadline) {
        if (block.timestamp > deadline) revert Expired();
        _;
    }

    constructor(address factory_, address weth_, address feeRecipient_, uint256 feeBps_) {
        if (feeBps_ >= 10_000) revert InvalidFee();
        factory = factory_;
        WETH = weth_;
        feeRecipient = feeRecipient_;
        feeBps = feeBps_;
    }

    /// @dev Only WETH sends ether here (withdraw in swapExactTokensForETH).
    receive() external payable {
        if (msg.sender != WETH) revert EtherTransferFailed();
    }

    // ---- quotes ----

    /// @notice amounts[0] = amountIn (gross, what the sender pays, fee included); amounts[i + 1] =
    ///         the output of hop i, the first hop's input being amountIn minus the provider fee.
    function getAmountsOut(uint256 amountIn, address[] calldata path) public view returns (uint256[] memory amounts) {
        if (path.length < 2) revert InvalidPath();
        amounts = new uint256[](path.length);
        amounts[0] = amountIn;
        uint256 amount = amountIn - (amountIn * feeBps) / 10_000;
        for (uint256 i = 0; i + 1 < path.length; i++) {
            (uint256 reserveIn, uint256 reserveOut) = _reserves(path[i], path[i + 1]);
            if (reserveIn == 0 || reserveOut == 0) revert InsufficientLiquidity();
            uint256 inWithFee = amount * 997;
            amount = (inWithFee * reserveOut) / (reserveIn * 1000 + inWithFee);
            if (amount >= reserveOut || amount * 10_000 > reserveOut * MAX_OUTPUT_BPS) revert InsufficientLiquidity();
            amounts[i + 1] = amount;
        }
    }

    function _pair(address tokenA, address tokenB) private view returns (address pair) {
        pair = PorticoFactory(factory).getPair(tokenA, tokenB);
        if (pair == address(0)) revert InvalidPath();
    }

    function _reserves(address tokenIn, address tokenOut) private view returns (uint256 reserveIn, uint256 reserveOut) {
        PorticoPair pair = PorticoPair(_pair(tokenIn, tokenOut));
        (uint112 r0, uint112 r1, ) = pair.getReserves();
        (reserveIn, reserveOut) = tokenIn == pair.token0() ? (uint256(r0), uint256(r1)) : (uint256(r1), uint256(r0));
    }

    function _fee(uint256 amountIn) private view returns (uint256) {
        return (amountIn * feeBps) / 10_000;
    }

    // ---- swaps ----

    function _quote(uint256 amountIn, uint256 amountOutMin, address[] calldata path) private view returns (uint256[] memory amounts) {
        amounts = getAmountsOut(amountIn, path);
        if (amounts[amounts.length - 1] < amountOutMin) revert InsufficientOutputAmount();
    }

    /// @dev The first pool already holds its input; runs every hop, the last one paying `to`.
    function _swap(uint256[] memory amounts, address[] calldata path, address to) private {
        for (uint256 i = 0; i + 1 < path.length; i++) {
            address input = path[i];
            address output = path[i + 1];
            PorticoPair pair = PorticoPair(_pair(input, output));
            uint256 out = amounts[i + 1];
            (uint256 amount0Out, uint256 amount1Out) = input == pair.token0() ? (uint256(0), out) : (out, uint256(0));
            address recipient = i + 2 < path.length ? _pair(output, path[i + 2]) : to;
            pair.swap(amount0Out, amount1Out, recipient);
        }
    }

    /// @dev Takes amountIn of path[0] from the sender: the fee to feeRecipient, the rest to the first pool.
    function _pullInput(uint256 amountIn, address[] calldata path) private {
        uint256 fee = _fee(amountIn);
        if (fee > 0) path[0].safeTransferFrom(msg.sender, feeRecipient, fee);
        path[0].safeTransferFrom(msg.sender, _pair(path[0], path[1]), amountIn - fee);
    }

    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256[] memory amounts) {
        amounts = _quote(amountIn, amountOutMin, path);
        _pullInput(amountIn, path);
        _swap(amounts, path, to);
    }

    /// @notice path[0] must be WETH; msg.value is amountIn. The fee is paid in ether.
    function swapExactETHForTokens(
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external payable ensure(deadline) returns (uint256[] memory amounts) {
        if (path.length < 2 || path[0] != WETH) revert InvalidPath();
        amounts = _quote(msg.value, amountOutMin, path);
        uint256 fee = _fee(msg.value);
        if (fee > 0) _sendEther(feeRecipient, fee);
        uint256 net = msg.value - fee;
        IWETH(WETH).deposit{value: net}();
        address(WETH).safeTransfer(_pair(path[0], path[1]), net);
        _swap(amounts, path, to);
    }

    /// @notice path[last] must be WETH; `to` receives ether.
    function swapExactTokensForETH(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256[] memory amounts) {
        if (path.length < 2 || path[path.length - 1] != WETH) revert InvalidPath();
        amounts = _quote(amountIn, amountOutMin, path);
        _pullInput(amountIn, path);
        _swap(amounts, path, address(this));
        uint256 out = amounts[amounts.length - 1];
        IWETH(WETH).withdraw(out);
        _sendEther(to, out);
    }

    function _sendEther(address to, uint256 value) private {
        (bool ok, ) = to.call{value: value}("");
        if (!ok) revert EtherTransferFailed();
    }

    // ---- liquidity ----

    /// @dev The amounts to deposit: all of both into an empty pool, else the most of the two that
    ///      keeps the pool's ratio (so nothing is donated).
    function _amounts(address pair, address tokenA, uint256 desiredA, uint256 desiredB) private view returns (uint256, uint256) {
        (uint112 r0, uint112 r1, ) = PorticoPair(pair).getReserves();
        (uint256 reserveA, uint256 reserveB) = tokenA == PorticoPair(pair).token0() ? (uint256(r0), uint256(r1)) : (uint256(r1), uint256(r0));
        if (reserveA == 0 && reserveB == 0) return (desiredA, desiredB);
        uint256 optimalB = (desiredA * reserveB) / reserveA;
        if (optimalB <= desiredB) return (desiredA, optimalB);
        return ((desiredB * reserveA) / reserveB, desiredB);
    }

    function _pairOrCreate(address tokenA, address tokenB) private returns (address pair) {
        pair = PorticoFactory(factory).getPair(tokenA, tokenB);
        if (pair == address(0)) pair = PorticoFactory(factory).createPair(tokenA, tokenB);
    }

    /// @notice Adds liquidity (creating the pair if it does not exist yet); `to` gets the LP tokens.
    ///         Into an existing pool, at most amountA / amountB are taken, at the pool's ratio.
    function addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountA,
        uint256 amountB,
        address to
    ) external returns (uint256 liquidity) {
        address pair = _pairOrCreate(tokenA, tokenB);
        (amountA, amountB) = _amounts(pair, tokenA, amountA, amountB);
        tokenA.safeTransferFrom(msg.sender, pair, amountA);
        tokenB.safeTransferFrom(msg.sender, pair, amountB);
        liquidity = PorticoPair(pair).mint(to);
    }

    /// @notice addLiquidity with ether (wrapped) as the other side; unused ether is sent back.
    function addLiquidityETH(address token, uint256 amountToken, address to) external payable returns (uint256 liquidity) {
        address pair = _pairOrCreate(token, WETH);
        (uint256 amountT, uint256 amountETH) = _amounts(pair, token, amountToken, msg.value);
        token.safeTransferFrom(msg.sender, pair, amountT);
        IWETH(WETH).deposit{value: amountETH}();
        address(WETH).safeTransfer(pair, amountETH);
        liquidity = PorticoPair(pair).mint(to);
        if (msg.value > amountETH) _sendEther(msg.sender, msg.value - amountETH);
    }
}
