// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title BatchExecutor
/// @notice The code an EIP-7702 account delegates to: it runs a batch of calls from the account,
///         all or nothing. Only the account itself may start a batch (a transaction the account
///         sends to its own address), so a delegated EOA keeps its key as the only authority.
///
///         Session grants (ERC-7715 permissions, enforced here, on chain): the account itself
///         (`grant`, a self-call) authorises a separate session key to run calls to listed
///         targets and functions, within a native-value allowance, until an expiry. Anyone may
///         then submit `executeAsSession` (a relayer pays the gas) with the session key's EIP-712
///         signature; every limit is checked by this code in the account, so a call outside the
///         grant reverts whoever sends it. `revoke` (a self-call) ends a grant at once.
///         The code runs in the user's EOA: the grants live in ERC-7201 namespaced storage.
contract BatchExecutor {
    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    /// @notice A target the session may call; no selectors = any function of it.
    struct Scope {
        address target;
        bytes4[] selectors;
    }

    struct Grant {
        address sessionKey;
        uint64 expiry;
        bool revoked;
        /// Native value the session may spend in total (`period` 0) or per period.
        uint256 allowance;
        /// Seconds; 0 = one allowance for the whole grant.
        uint64 period;
        uint64 start;
        uint64 spentPeriod;
        uint256 spent;
    }

    /// @custom:storage-location erc7201:portico.batchexecutor.sessions
    struct Sessions {
        mapping(bytes32 id => Grant) grants;
        /// 0: not a target; 1: any function; 2: only the listed selectors.
        mapping(bytes32 id => mapping(address target => uint8)) targets;
        mapping(bytes32 id => mapping(address target => mapping(bytes4 selector => bool))) selectors;
        mapping(bytes32 id => mapping(bytes32 nonce => bool)) usedNonces;
    }

    // keccak256(abi.encode(uint256(keccak256("portico.batchexecutor.sessions")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant SESSIONS_SLOT = 0x7893095e6e1ab83abe8fc78a9eb266e64fdf37faef3752f4e8c510cda35fde00;

    // EIP-712, the same typed data as PERMISSION_EXECUTION_TYPES of the protocol package (auth):
    // domain { name: "Portico Permissions", version: "1", chainId }, primary type Execution.
    bytes32 private constant DOMAIN_TYPEHASH = keccak256("EIP712Domain(string name,string version,uint256 chainId)");
    bytes32 private constant CALL_TYPEHASH = keccak256("Call(address to,uint256 value,bytes data)");
    bytes32 private constant EXECUTION_TYPEHASH =
        keccak256("Execution(bytes32 context,Call[] calls,bytes32 nonce)Call(address to,uint256 value,bytes data)");
    uint256 private constant HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    /// @notice One per executed batch.
    event BatchExecuted(address indexed account, uint256 calls);
    event SessionGranted(bytes32 indexed id, address indexed sessionKey, uint64 expiry);
    event SessionRevoked(bytes32 indexed id);
    event SessionExecuted(bytes32 indexed id, bytes32 nonce, uint256 calls, uint256 value);

    /// @notice The caller is not the account itself.
    error Unauthorized(address caller);
    /// @notice Call `index` of the batch failed with `reason`; nothing of the batch remains.
    error CallFailed(uint256 index, bytes reason);
    error InvalidGrant();
    error GrantExists(bytes32 id);
    error UnknownGrant(bytes32 id);
    error GrantRevoked(bytes32 id);
    error GrantExpired(bytes32 id);
    error InvalidSignature();
    error NonceUsed(bytes32 id, bytes32 nonce);
    error TargetNotAllowed(uint256 index, address target);
    error SelectorNotAllowed(uint256 index, bytes4 selector);
    error AllowanceNotStarted(bytes32 id);
    error AllowanceExceeded(bytes32 id, uint256 value);

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

    /// @notice Authorise `sessionKey` (an address) to run calls to `scopes` until `expiry` (unix
    ///         seconds), spending at most `allowance` wei of native value in total (`period` 0) or
    ///         per `period` seconds from `start`. Only the account itself; `id` is used once.
    function grant(
        bytes32 id,
        address sessionKey,
        uint64 expiry,
        Scope[] calldata scopes,
        uint256 allowance,
        uint64 period,
        uint64 start
    ) external {
        if (msg.sender != address(this)) revert Unauthorized(msg.sender);
        if (sessionKey == address(0) || sessionKey == address(this) || expiry <= block.timestamp || scopes.length == 0) {
            revert InvalidGrant();
        }
        Sessions storage s = _sessions();
        if (s.grants[id].sessionKey != address(0)) revert GrantExists(id);
        s.grants[id] = Grant({
            sessionKey: sessionKey,
            expiry: expiry,
            revoked: false,
            allowance: allowance,
            period: period,
            start: start,
            spentPeriod: 0,
            spent: 0
        });
        for (uint256 i = 0; i < scopes.length; i++) {
            Scope calldata scope = scopes[i];
            // A session must never reach the account's own code (grant, revoke, execute).
            if (scope.target == address(this) || scope.target == address(0)) revert InvalidGrant();
            uint256 m = scope.selectors.length;
            if (m == 0) {
                s.targets[id][scope.target] = 1;
            } else {
                if (s.targets[id][scope.target] != 1) s.targets[id][scope.target] = 2;
                for (uint256 j = 0; j < m; j++) {
                    s.selectors[id][scope.target][scope.selectors[j]] = true;
                }
            }
        }
        emit SessionGranted(id, sessionKey, expiry);
    }

    /// @notice End grant `id` at once. Only the account itself.
    function revoke(bytes32 id) external {
        if (msg.sender != address(this)) revert Unauthorized(msg.sender);
        Grant storage g = _sessions().grants[id];
        if (g.sessionKey == address(0)) revert UnknownGrant(id);
        g.revoked = true;
        emit SessionRevoked(id);
    }

    /// @notice A grant as stored (sessionKey 0 = none).
    function getGrant(bytes32 id) external view returns (Grant memory) {
        return _sessions().grants[id];
    }

    /// @notice Whether `nonce` was used by grant `id`.
    function isNonceUsed(bytes32 id, bytes32 nonce) external view returns (bool) {
        return _sessions().usedNonces[id][nonce];
    }

    /// @notice Run `calls` from this account under grant `id`. Anyone may send it: `signature` is
    ///         the session key's EIP-712 signature of Execution(id, calls, nonce). All or nothing.
    function executeAsSession(bytes32 id, Call[] calldata calls, bytes32 nonce, bytes calldata signature) external {
        Sessions storage s = _sessions();
        Grant storage g = s.grants[id];
        if (g.sessionKey == address(0)) revert UnknownGrant(id);
        if (g.revoked) revert GrantRevoked(id);
        if (block.timestamp >= g.expiry) revert GrantExpired(id);
        if (s.usedNonces[id][nonce]) revert NonceUsed(id, nonce);
        if (_recover(_executionDigest(id, calls, nonce), signature) != g.sessionKey) revert InvalidSignature();

        uint256 n = calls.length;
        uint256 total = 0;
        for (uint256 i = 0; i < n; i++) {
            Call calldata c = calls[i];
            uint8 mode = s.targets[id][c.to];
            if (mode == 0) revert TargetNotAllowed(i, c.to);
            if (mode == 2) {
                bytes4 sel = c.data.length >= 4 ? bytes4(c.data[0:4]) : bytes4(0);
                if (c.data.length < 4 || !s.selectors[id][c.to][sel]) revert SelectorNotAllowed(i, sel);
            }
            total += c.value;
        }
        if (total > 0) _spend(g, id, total);
        s.usedNonces[id][nonce] = true;

        for (uint256 i = 0; i < n; i++) {
            Call calldata c = calls[i];
            (bool ok, bytes memory reason) = c.to.call{value: c.value}(c.data);
            if (!ok) revert CallFailed(i, reason);
        }
        emit SessionExecuted(id, nonce, n, total);
    }

    /// @notice A delegated account still receives the native currency.
    receive() external payable {}

    function _spend(Grant storage g, bytes32 id, uint256 value) private {
        uint64 current = 0;
        if (g.period != 0) {
            if (block.timestamp < g.start) revert AllowanceNotStarted(id);
            current = uint64((block.timestamp - g.start) / g.period);
        }
        uint256 spent = g.spentPeriod == current ? g.spent : 0;
        if (spent + value > g.allowance) revert AllowanceExceeded(id, value);
        g.spent = spent + value;
        g.spentPeriod = current;
    }

    function _executionDigest(bytes32 id, Call[] calldata calls, bytes32 nonce) private view returns (bytes32) {
        uint256 n = calls.length;
        bytes32[] memory hashes = new bytes32[](n);
        for (uint256 i = 0; i < n; i++) {
            hashes[i] = keccak256(abi.encode(CALL_TYPEHASH, calls[i].to, calls[i].value, keccak256(calls[i].data)));
        }
        bytes32 structHash = keccak256(abi.encode(EXECUTION_TYPEHASH, id, keccak256(abi.encodePacked(hashes)), nonce));
        bytes32 domain = keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("Portico Permissions"), keccak256("1"), block.chainid)
        );
        return keccak256(abi.encodePacked("\x19\x01", domain, structHash));
    }

    function _recover(bytes32 digest, bytes calldata signature) private pure returns (address) {
        if (signature.length != 65) revert InvalidSignature();
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        if (uint256(s) > HALF_ORDER || (v != 27 && v != 28)) revert InvalidSignature();
        address signer = ecrecover(digest, v, r, s);
        if (signer == address(0)) revert InvalidSignature();
        return signer;
    }

    function _sessions() private pure returns (Sessions storage s) {
        bytes32 slot = SESSIONS_SLOT;
        assembly {
            s.slot := slot
        }
    }
}
