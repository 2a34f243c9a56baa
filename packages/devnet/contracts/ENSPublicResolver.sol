// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

interface IENSRegistryOwners {
    function owner(bytes32 node) external view returns (address);
    function isApprovedForAll(address nodeOwner, address operator) external view returns (bool);
}

/// @title ENSPublicResolver
/// @notice The Portico devnet's ENS public resolver, written from the EIPs: the profiles
///         addr(bytes32) (EIP-137), addr(bytes32,uint256) (EIP-2304, ENSIP-9/11, with ENSIP-19's
///         default EVM address 0x80000000 as the fallback of every EVM coin type), name(bytes32)
///         (EIP-181 reverse records), text(bytes32,string) (EIP-634) and EIP-165. Records of a node
///         may be set by the node's owner in the registry, or an operator the owner approved there.
contract ENSPublicResolver {
    uint256 private constant COIN_TYPE_ETH = 60;
    uint256 private constant COIN_TYPE_DEFAULT_EVM = 0x80000000;

    IENSRegistryOwners public immutable ens;

    mapping(bytes32 node => mapping(uint256 coinType => bytes)) private _addresses;
    mapping(bytes32 node => string) private _names;
    mapping(bytes32 node => mapping(string key => string)) private _texts;

    event AddrChanged(bytes32 indexed node, address a);
    event AddressChanged(bytes32 indexed node, uint256 coinType, bytes newAddress);
    event NameChanged(bytes32 indexed node, string name);
    event TextChanged(bytes32 indexed node, string indexed indexedKey, string key, string value);

    error Unauthorized(bytes32 node, address caller);
    error InvalidEvmAddress(bytes newAddress);

    constructor(IENSRegistryOwners registry) {
        ens = registry;
    }

    modifier authorised(bytes32 node) {
        address nodeOwner = ens.owner(node);
        if (nodeOwner != msg.sender && !ens.isApprovedForAll(nodeOwner, msg.sender)) revert Unauthorized(node, msg.sender);
        _;
    }

    /// @notice Sets the Ethereum address (coin type 60) of `node`.
    function setAddr(bytes32 node, address a) external {
        setAddr(node, COIN_TYPE_ETH, a == address(0) ? bytes("") : abi.encodePacked(a));
    }

    /// @notice Sets the address of `node` for `coinType` (raw bytes; 20 bytes or empty for EVM coin types).
    function setAddr(bytes32 node, uint256 coinType, bytes memory newAddress) public authorised(node) {
        bool evm = coinType == COIN_TYPE_ETH || (coinType >= COIN_TYPE_DEFAULT_EVM && coinType <= 0xffffffff);
        if (evm && newAddress.length != 0 && newAddress.length != 20) revert InvalidEvmAddress(newAddress);
        _addresses[node][coinType] = newAddress;
        emit AddressChanged(node, coinType, newAddress);
        if (coinType == COIN_TYPE_ETH) emit AddrChanged(node, newAddress.length == 0 ? address(0) : address(bytes20(newAddress)));
    }

    /// @notice The Ethereum address of `node` (address(0) when none).
    function addr(bytes32 node) public view returns (address payable) {
        bytes memory a = _addresses[node][COIN_TYPE_ETH];
        if (a.length == 0) return payable(address(0));
        return payable(address(bytes20(a)));
    }

    /// @notice The address of `node` for `coinType` (empty when none). An EVM chain's coin type
    ///         (0x80000000 | chainId) without its own record answers the default EVM address.
    function addr(bytes32 node, uint256 coinType) external view returns (bytes memory) {
        bytes memory a = _addresses[node][coinType];
        if (a.length == 0 && coinType > COIN_TYPE_DEFAULT_EVM && coinType <= 0xffffffff) {
            a = _addresses[node][COIN_TYPE_DEFAULT_EVM];
        }
        return a;
    }

    /// @notice Sets the reverse record (the primary name) kept at `node`.
    function setName(bytes32 node, string calldata newName) external authorised(node) {
        _names[node] = newName;
        emit NameChanged(node, newName);
    }

    /// @notice The name kept at `node` (a reverse node's primary name).
    function name(bytes32 node) external view returns (string memory) {
        return _names[node];
    }

    /// @notice Sets the text record `key` of `node` (e.g. 'avatar').
    function setText(bytes32 node, string calldata key, string calldata value) external authorised(node) {
        _texts[node][key] = value;
        emit TextChanged(node, key, key, value);
    }

    /// @notice The text record `key` of `node` ('' when none).
    function text(bytes32 node, string calldata key) external view returns (string memory) {
        return _texts[node][key];
    }

    /// @notice EIP-165: EIP-165 itself, addr, multicoin addr, name and text.
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 // supportsInterface(bytes4)
            || interfaceId == 0x3b3b57de // addr(bytes32)
            || interfaceId == 0xf1cb7e06 // addr(bytes32,uint256)
            || interfaceId == 0x691f3431 // name(bytes32)
            || interfaceId == 0x59d1d43c; // text(bytes32,string)
    }
}
