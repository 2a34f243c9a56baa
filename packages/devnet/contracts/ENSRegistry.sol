// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title ENSRegistry
/// @notice The Portico devnet's ENS registry (EIP-137), written from the EIP: for each node (a
///         namehash) its owner, resolver and TTL. The deployer owns the root node. A node's owner, or
///         an operator the owner approved, may change the node's records and create subnodes.
///         `owner(node)` answers address(0) for a node owned by the registry itself, as ENS's does.
contract ENSRegistry {
    struct Record {
        address owner;
        address resolver;
        uint64 ttl;
    }

    mapping(bytes32 node => Record) private _records;
    mapping(address owner => mapping(address operator => bool)) private _operators;

    /// @notice A subnode `label` of `node` got a new owner.
    event NewOwner(bytes32 indexed node, bytes32 indexed label, address owner);
    /// @notice `node` was transferred to `owner`.
    event Transfer(bytes32 indexed node, address owner);
    /// @notice `node`'s resolver changed.
    event NewResolver(bytes32 indexed node, address resolver);
    /// @notice `node`'s TTL changed.
    event NewTTL(bytes32 indexed node, uint64 ttl);
    /// @notice `owner` (dis)approved `operator` to manage all of its nodes.
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    error Unauthorized(bytes32 node, address caller);

    constructor() {
        _records[bytes32(0)].owner = msg.sender;
    }

    modifier authorised(bytes32 node) {
        address nodeOwner = _records[node].owner;
        if (nodeOwner != msg.sender && !_operators[nodeOwner][msg.sender]) revert Unauthorized(node, msg.sender);
        _;
    }

    /// @notice Sets owner, resolver and TTL of `node` at once.
    function setRecord(bytes32 node, address newOwner, address newResolver, uint64 newTtl) external {
        setOwner(node, newOwner);
        _setResolverAndTTL(node, newResolver, newTtl);
    }

    /// @notice Creates (or takes back) subnode `label` of `node` with owner, resolver and TTL.
    function setSubnodeRecord(bytes32 node, bytes32 label, address newOwner, address newResolver, uint64 newTtl) external {
        bytes32 subnode = setSubnodeOwner(node, label, newOwner);
        _setResolverAndTTL(subnode, newResolver, newTtl);
    }

    /// @notice Transfers `node` to `newOwner`.
    function setOwner(bytes32 node, address newOwner) public authorised(node) {
        _records[node].owner = newOwner;
        emit Transfer(node, newOwner);
    }

    /// @notice Gives subnode keccak256(node, label) to `newOwner`; returns the subnode.
    function setSubnodeOwner(bytes32 node, bytes32 label, address newOwner) public authorised(node) returns (bytes32) {
        bytes32 subnode = keccak256(abi.encodePacked(node, label));
        _records[subnode].owner = newOwner;
        emit NewOwner(node, label, newOwner);
        return subnode;
    }

    /// @notice Sets the resolver of `node`.
    function setResolver(bytes32 node, address newResolver) public authorised(node) {
        _records[node].resolver = newResolver;
        emit NewResolver(node, newResolver);
    }

    /// @notice Sets the TTL of `node`.
    function setTTL(bytes32 node, uint64 newTtl) public authorised(node) {
        _records[node].ttl = newTtl;
        emit NewTTL(node, newTtl);
    }

    /// @notice Lets `operator` manage every node of the caller (or no longer).
    function setApprovalForAll(address operator, bool approved) external {
        _operators[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    /// @notice The owner of `node` (address(0) when none, or when the registry itself holds it).
    function owner(bytes32 node) public view returns (address) {
        address nodeOwner = _records[node].owner;
        return nodeOwner == address(this) ? address(0) : nodeOwner;
    }

    /// @notice The resolver of `node`.
    function resolver(bytes32 node) external view returns (address) {
        return _records[node].resolver;
    }

    /// @notice The TTL of `node`.
    function ttl(bytes32 node) external view returns (uint64) {
        return _records[node].ttl;
    }

    /// @notice Whether `node` was ever given an owner.
    function recordExists(bytes32 node) external view returns (bool) {
        return _records[node].owner != address(0);
    }

    /// @notice Whether `operator` may manage every node of `nodeOwner`.
    function isApprovedForAll(address nodeOwner, address operator) external view returns (bool) {
        return _operators[nodeOwner][operator];
    }

    function _setResolverAndTTL(bytes32 node, address newResolver, uint64 newTtl) private {
        if (newResolver != _records[node].resolver) {
            _records[node].resolver = newResolver;
            emit NewResolver(node, newResolver);
        }
        if (newTtl != _records[node].ttl) {
            _records[node].ttl = newTtl;
            emit NewTTL(node, newTtl);
        }
    }
}
