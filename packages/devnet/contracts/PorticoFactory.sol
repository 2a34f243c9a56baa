// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {PorticoPair} from "./PorticoPair.sol";

/// @title PorticoFactory
/// @notice Creates one PorticoPair per unordered token pair (CREATE2, salt keccak256(token0, token1))
///         and lists them.
contract PorticoFactory {
    mapping(address => mapping(address => address)) public getPair;
    address[] public allPairs;

    event PairCreated(address indexed token0, address indexed token1, address pair, uint256 index);

    error IdenticalAddresses();
    error ZeroAddress();
    error PairExists();

    function allPairsLength() external view returns (uint256) {
        return allPairs.length;
    }

    function createPair(address tokenA, address tokenB) external returns (address pair) {
        if (tokenA == tokenB) revert IdenticalAddresses();
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        if (token0 == address(0)) revert ZeroAddress();
        if (getPair[token0][token1] != address(0)) revert PairExists();
        pair = address(new PorticoPair{salt: keccak256(abi.encodePacked(token0, token1))}());
        PorticoPair(pair).initialize(token0, token1);
        getPair[token0][token1] = pair;
        getPair[token1][token0] = pair;
        allPairs.push(pair);
        emit PairCreated(token0, token1, pair, allPairs.length);
    }
}
