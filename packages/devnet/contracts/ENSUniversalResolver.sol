// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

interface IENSRegistryResolvers {
    function resolver(bytes32 node) external view returns (address);
}

/// @title ENSUniversalResolver
/// @notice The Portico devnet's ENS universal resolver: the entry points viem's ENS actions call
///         (getEnsAddress, getEnsText, getEnsAvatar: `resolveWithGateways`; getEnsName:
///         `reverseWithGateways`; getEnsResolver: `findResolver`), with their return shapes and
///         error selectors, written from the ENSIPs (names DNS-encoded per ENSIP-10, namehash per
///         EIP-137, wildcard resolution per ENSIP-10, primary names per ENSIP-19). Onchain only: the
///         gateways (CCIP-Read, EIP-3668) are accepted and never used.
contract ENSUniversalResolver {
    uint256 private constant COIN_TYPE_ETH = 60;
    uint256 private constant COIN_TYPE_DEFAULT_EVM = 0x80000000;
    bytes4 private constant EXTENDED_RESOLVER = 0x9061b923; // resolve(bytes,bytes)

    IENSRegistryResolvers public immutable registry;

    error DNSDecodingFailed(bytes dns);
    error DNSEncodingFailed(string ens);
    error EmptyAddress();
    error HttpError(uint16 status, string message);
    error InvalidBatchGatewayResponse();
    error ResolverError(bytes errorData);
    error ResolverNotContract(bytes name, address resolver);
    error ResolverNotFound(bytes name);
    error ReverseAddressMismatch(string primary, bytes primaryAddress);
    error UnsupportedResolverProfile(bytes4 selector);

    constructor(IENSRegistryResolvers ens) {
        registry = ens;
    }

    /// @notice The resolver of the DNS-encoded `name`: the one of the name itself or of its closest
    ///         ancestor that has one; the name's namehash; the offset in `name` of the label whose
    ///         node holds that resolver.
    function findResolver(bytes memory name) public view returns (address resolver, bytes32 node, uint256 offset) {
        uint256 end;
        (resolver, node, offset, end) = _find(name, 0);
        if (end != name.length) revert DNSDecodingFailed(name);
    }

    /// @notice Resolves `data` (a resolver call such as addr(node) or text(node, key)) for the
    ///         DNS-encoded `name`; returns the resolver's answer and the resolver.
    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata gateways)
        external
        view
        returns (bytes memory result, address resolver)
    {
        gateways;
        return _resolve(name, data);
    }

    /// @notice `resolveWithGateways` without gateways.
    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory, address) {
        return _resolve(name, data);
    }

    /// @notice The primary name of `lookupAddress` (raw address bytes) for `coinType` (ENSIP-19): the
    ///         name record of its reverse node (`<hex>.addr.reverse` for 60, `<hex>.<coinType hex>.reverse`
    ///         for another coin type, then `<hex>.default.reverse` for an EVM chain's), checked against the
    ///         name's forward address. '' when there is none; ReverseAddressMismatch when the name points
    ///         elsewhere.
    function reverseWithGateways(bytes calldata lookupAddress, uint256 coinType, string[] calldata gateways)
        external
        view
        returns (string memory primary, address resolver, address reverseResolver)
    {
        gateways;
        return _reverse(lookupAddress, coinType);
    }

    /// @notice `reverseWithGateways` without gateways.
    function reverse(bytes calldata lookupAddress, uint256 coinType) external view returns (string memory, address, address) {
        return _reverse(lookupAddress, coinType);
    }

    /// @notice EIP-165.
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7;
    }

    // ---- resolution ----

    function _resolve(bytes memory name, bytes memory data) private view returns (bytes memory, address) {
        (address resolver, , uint256 offset) = findResolver(name);
        if (resolver == address(0)) revert ResolverNotFound(name);
        if (resolver.code.length == 0) revert ResolverNotContract(name, resolver);
        bool extended = _supportsInterface(resolver, EXTENDED_RESOLVER);
        // ENSIP-10: a resolver found on an ancestor answers for the name only if it is extended.
        if (offset != 0 && !extended) revert ResolverNotFound(name);
        bytes memory call = extended ? abi.encodeWithSelector(EXTENDED_RESOLVER, name, data) : data;
        (bool ok, bytes memory answer) = resolver.staticcall(call);
        if (!ok) {
            if (answer.length == 0) revert UnsupportedResolverProfile(bytes4(data));
            revert ResolverError(answer);
        }
        if (extended) answer = abi.decode(answer, (bytes));
        if (answer.length == 0) revert UnsupportedResolverProfile(bytes4(data));
        return (answer, resolver);
    }

    function _reverse(bytes memory lookupAddress, uint256 coinType)
        private
        view
        returns (string memory primary, address resolver, address reverseResolver)
    {
        bytes memory hexAddress = _hex(lookupAddress);
        bool evm = coinType == COIN_TYPE_ETH || (coinType >= COIN_TYPE_DEFAULT_EVM && coinType <= 0xffffffff);
        if (evm && lookupAddress.length != 20) revert EmptyAddress();
        bytes memory reverseName;
        if (coinType == COIN_TYPE_ETH) reverseName = _dns2(hexAddress, "addr", "reverse");
        else if (coinType == COIN_TYPE_DEFAULT_EVM) reverseName = _dns2(hexAddress, "default", "reverse");
        else reverseName = _dns2(hexAddress, _hexNumber(coinType), "reverse");
        (primary, reverseResolver) = _reverseName(reverseName);
        if (bytes(primary).length == 0 && evm && coinType > COIN_TYPE_DEFAULT_EVM) {
            (primary, reverseResolver) = _reverseName(_dns2(hexAddress, "default", "reverse"));
        }
        if (bytes(primary).length == 0) return ("", address(0), reverseResolver);

        bytes memory dnsName = _dnsEncode(primary);
        bytes32 node = _namehash(dnsName, 0);
        bytes memory call = coinType == COIN_TYPE_ETH
            ? abi.encodeWithSignature("addr(bytes32)", node)
            : abi.encodeWithSignature("addr(bytes32,uint256)", node, coinType);
        bytes memory answer;
        (answer, resolver) = _resolve(dnsName, call);
        bytes memory primaryAddress;
        if (coinType == COIN_TYPE_ETH) {
            address a = abi.decode(answer, (address));
            primaryAddress = a == address(0) ? bytes("") : abi.encodePacked(a);
        } else {
            primaryAddress = abi.decode(answer, (bytes));
        }
        if (keccak256(primaryAddress) != keccak256(lookupAddress)) revert ReverseAddressMismatch(primary, primaryAddress);
    }

    /// The name record of a reverse name ('' when it has no resolver or no record).
    function _reverseName(bytes memory reverseName) private view returns (string memory primary, address resolver) {
        (resolver, , ) = findResolver(reverseName);
        if (resolver == address(0) || resolver.code.length == 0) return ("", resolver);
        bytes32 node = _namehash(reverseName, 0);
        (bool ok, bytes memory answer) = resolver.staticcall(abi.encodeWithSignature("name(bytes32)", node));
        if (!ok) {
            if (answer.length == 0) return ("", resolver);
            revert ResolverError(answer);
        }
        if (answer.length < 64) return ("", resolver);
        primary = abi.decode(answer, (string));
    }

    function _supportsInterface(address target, bytes4 interfaceId) private view returns (bool) {
        (bool ok, bytes memory answer) =
            target.staticcall{gas: 30_000}(abi.encodeWithSelector(0x01ffc9a7, interfaceId));
        return ok && answer.length >= 32 && abi.decode(answer, (bool));
    }

    // ---- DNS-encoded names ----

    /// Walks the name from `offset`: the resolver and its label offset, the node, the offset after the root label.
    function _find(bytes memory name, uint256 offset)
        private
        view
        returns (address resolver, bytes32 node, uint256 resolverOffset, uint256 end)
    {
        (bytes32 label, uint256 next, bool root) = _readLabel(name, offset);
        if (root) return (registry.resolver(bytes32(0)), bytes32(0), offset, next);
        bytes32 parent;
        (resolver, parent, resolverOffset, end) = _find(name, next);
        node = keccak256(abi.encodePacked(parent, label));
        address own = registry.resolver(node);
        if (own != address(0)) {
            resolver = own;
            resolverOffset = offset;
        }
    }

    function _namehash(bytes memory name, uint256 offset) private pure returns (bytes32) {
        (bytes32 label, uint256 next, bool root) = _readLabel(name, offset);
        if (root) return bytes32(0);
        return keccak256(abi.encodePacked(_namehash(name, next), label));
    }

    /// The label hash at `offset` and the next offset. A label `[<64 hex>]` is an encoded label hash.
    function _readLabel(bytes memory name, uint256 offset) private pure returns (bytes32 labelHash, uint256 next, bool root) {
        if (offset >= name.length) revert DNSDecodingFailed(name);
        uint256 length = uint8(name[offset]);
        if (length == 0) return (bytes32(0), offset + 1, true);
        next = offset + 1 + length;
        if (next > name.length) revert DNSDecodingFailed(name);
        if (length == 66 && name[offset + 1] == "[" && name[offset + 66] == "]") {
            (bool ok, bytes32 parsed) = _parseHash(name, offset + 2);
            if (ok) return (parsed, next, false);
        }
        assembly ("memory-safe") {
            labelHash := keccak256(add(add(name, 33), offset), length)
        }
    }

    function _parseHash(bytes memory name, uint256 offset) private pure returns (bool, bytes32) {
        uint256 value;
        for (uint256 i = 0; i < 64; i++) {
            uint8 c = uint8(name[offset + i]);
            uint256 digit;
            if (c >= 48 && c <= 57) digit = c - 48;
            else if (c >= 97 && c <= 102) digit = c - 87;
            else if (c >= 65 && c <= 70) digit = c - 55;
            else return (false, bytes32(0));
            value = (value << 4) | digit;
        }
        return (true, bytes32(value));
    }

    /// DNS-encodes a dotted name (labels of 1…255 bytes).
    function _dnsEncode(string memory dotted) private pure returns (bytes memory out) {
        bytes memory s = bytes(dotted);
        out = new bytes(s.length + 2);
        uint256 start = 0;
        for (uint256 i = 0; i <= s.length; i++) {
            if (i == s.length || s[i] == ".") {
                uint256 length = i - start;
                if (length == 0 || length > 255) revert DNSEncodingFailed(dotted);
                out[start] = bytes1(uint8(length));
                for (uint256 j = start; j < i; j++) out[j + 1] = s[j];
                start = i + 1;
            }
        }
        // out[s.length + 1] stays 0: the root label.
    }

    /// DNS-encodes the three labels `a.b.c`.
    function _dns2(bytes memory a, bytes memory b, bytes memory c) private pure returns (bytes memory) {
        return abi.encodePacked(uint8(a.length), a, uint8(b.length), b, uint8(c.length), c, uint8(0));
    }

    bytes16 private constant HEX_DIGITS = "0123456789abcdef";

    function _hex(bytes memory data) private pure returns (bytes memory out) {
        out = new bytes(data.length * 2);
        for (uint256 i = 0; i < data.length; i++) {
            out[2 * i] = HEX_DIGITS[uint8(data[i]) >> 4];
            out[2 * i + 1] = HEX_DIGITS[uint8(data[i]) & 0xf];
        }
    }

    /// Lower-case hex of `value` without leading zeros (ENSIP-19's coin type label).
    function _hexNumber(uint256 value) private pure returns (bytes memory out) {
        uint256 digits = 1;
        for (uint256 v = value >> 4; v != 0; v >>= 4) digits++;
        out = new bytes(digits);
        for (uint256 i = digits; i > 0; i--) {
            out[i - 1] = HEX_DIGITS[value & 0xf];
            value >>= 4;
        }
    }
}
