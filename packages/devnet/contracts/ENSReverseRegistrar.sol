// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

interface IENSRegistryForReverse {
    function setSubnodeRecord(bytes32 node, bytes32 label, address newOwner, address newResolver, uint64 newTtl) external;
    function setSubnodeOwner(bytes32 node, bytes32 label, address newOwner) external returns (bytes32);
    function isApprovedForAll(address nodeOwner, address operator) external view returns (bool);
}

interface INameSetter {
    function setName(bytes32 node, string calldata newName) external;
}

/// @title ENSReverseRegistrar
/// @notice The Portico devnet's registrar of `addr.reverse` (EIP-181), written from the EIP: an
///         address claims `<lower-case hex address>.addr.reverse` and sets its primary name there
///         (the name record of the reverse node, on the default resolver). It must own the
///         `addr.reverse` node in the registry. The deployer may add controllers, which set
///         reverse records for any address (the devnet's helper uses it for test accounts).
contract ENSReverseRegistrar {
    /// @notice namehash('addr.reverse')
    bytes32 public constant ADDR_REVERSE_NODE = 0x91d1777781884d03a6757a803996e38de2a42967fb37eeaca72729271025a9e2;

    IENSRegistryForReverse public immutable ens;
    address public immutable defaultResolver;
    address public immutable owner;
    mapping(address controller => bool) public controllers;

    event ReverseClaimed(address indexed addr, bytes32 indexed node);
    event ControllerChanged(address indexed controller, bool enabled);

    error Unauthorized(address addr, address caller);

    constructor(IENSRegistryForReverse registry, address resolver) {
        ens = registry;
        defaultResolver = resolver;
        owner = msg.sender;
    }

    /// @notice Lets `controller` set reverse records for any address (owner only).
    function setController(address controller, bool enabled) external {
        if (msg.sender != owner) revert Unauthorized(controller, msg.sender);
        controllers[controller] = enabled;
        emit ControllerChanged(controller, enabled);
    }

    /// @notice Claims the caller's reverse node for `newOwner`, keeping its resolver unset.
    function claim(address newOwner) external returns (bytes32) {
        return _claim(msg.sender, newOwner, address(0));
    }

    /// @notice Claims the caller's reverse node for `newOwner` with `resolver`.
    function claimWithResolver(address newOwner, address resolver) external returns (bytes32) {
        return _claim(msg.sender, newOwner, resolver);
    }

    /// @notice Sets the caller's primary name on the default resolver; the caller owns the reverse node.
    function setName(string calldata newName) external returns (bytes32) {
        return _setName(msg.sender, msg.sender, defaultResolver, newName);
    }

    /// @notice Sets `addr`'s primary name on `resolver`, then gives the reverse node to `newOwner`.
    ///         Callable by `addr`, an operator of `addr` in the registry, or a controller.
    function setNameForAddr(address addr, address newOwner, address resolver, string calldata newName) external returns (bytes32) {
        if (addr != msg.sender && !controllers[msg.sender] && !ens.isApprovedForAll(addr, msg.sender)) revert Unauthorized(addr, msg.sender);
        return _setName(addr, newOwner, resolver, newName);
    }

    /// @notice The reverse node of `addr`: namehash('<lower-case hex of addr>.addr.reverse').
    function node(address addr) public pure returns (bytes32) {
        return keccak256(abi.encodePacked(ADDR_REVERSE_NODE, sha3HexAddress(addr)));
    }

    /// @notice keccak256 of the 40 lower-case hex characters of `addr` (no 0x): its reverse label hash.
    function sha3HexAddress(address addr) public pure returns (bytes32) {
        bytes memory hexChars = "0123456789abcdef";
        bytes memory out = new bytes(40);
        uint160 value = uint160(addr);
        for (uint256 i = 40; i > 0; i--) {
            out[i - 1] = hexChars[value & 0xf];
            value >>= 4;
        }
        return keccak256(out);
    }

    function _setName(address addr, address newOwner, address resolver, string calldata newName) private returns (bytes32) {
        // The registrar holds the node while it writes the name record, then hands it over.
        bytes32 reverseNode = _claim(addr, address(this), resolver);
        INameSetter(resolver).setName(reverseNode, newName);
        ens.setSubnodeOwner(ADDR_REVERSE_NODE, sha3HexAddress(addr), newOwner);
        return reverseNode;
    }

    function _claim(address addr, address newOwner, address resolver) private returns (bytes32) {
        bytes32 label = sha3HexAddress(addr);
        bytes32 reverseNode = keccak256(abi.encodePacked(ADDR_REVERSE_NODE, label));
        ens.setSubnodeRecord(ADDR_REVERSE_NODE, label, newOwner, resolver, 0);
        emit ReverseClaimed(addr, reverseNode);
        return reverseNode;
    }
}
