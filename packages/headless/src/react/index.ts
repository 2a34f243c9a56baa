/** @portico/headless/react: the provider and one hook per file, bound to the stores with @nanostores/react. */
export { PorticoContext, PorticoContextProvider, type PorticoContextProviderProps } from './PorticoContext'
export { usePortico } from './usePortico'
export { useModal, type UseModalReturn } from './useModal'
export { useRouter, type UseRouterReturn } from './useRouter'
export { useAccount, type UseAccountOptions, type UseAccountReturn } from './useAccount'
export { useNetwork, type UseNetworkReturn } from './useNetwork'
export { useNetworkImage, type UseNetworkImageOptions, type UseNetworkImageReturn } from './useNetworkImage'
export { useConnect, type UseConnectReturn } from './useConnect'
export { useDisconnect, type UseDisconnectReturn } from './useDisconnect'
export { useFeatures, type UseFeaturesReturn } from './useFeatures'
export { useTheme, type UseThemeReturn } from './useTheme'
export { useBanner, type UseBannerReturn } from './useBanner'
export { useLegal, type UseLegalReturn } from './useLegal'
export { useTooltip, type UseTooltipReturn } from './useTooltip'
export { useTokenBalances, type UseTokenBalancesOptions, type UseTokenBalancesReturn } from './useTokenBalances'
export { useLiveBalance, type UseLiveBalanceOptions, type UseLiveBalanceReturn } from './useLiveBalance'
export { useWalletGuide, type UseWalletGuideOptions, type UseWalletGuideReturn } from './useWalletGuide'
export { useSignMessage, type UseSignMessageOptions, type UseSignMessageReturn } from './useSignMessage'
export { useWallet, type UseWalletOptions, type UseWalletReturn } from './useWallet'
export { useWallets, type UseWalletsOptions, type UseWalletsReturn } from './useWallets'
export { useOrderedWallets, type UseOrderedWalletsOptions, type UseOrderedWalletsReturn } from './useOrderedWallets'
export { useWalletList, type UseWalletListOptions, type UseWalletListReturn } from './useWalletList'
export { usePairing, type UsePairingOptions, type UsePairingReturn } from './usePairing'
export { useSwitchNetwork, type UseSwitchNetworkOptions, type UseSwitchNetworkReturn } from './useSwitchNetwork'
export { useSwitchActiveChain, type UseSwitchActiveChainReturn } from './useSwitchActiveChain'
export { useProfileWallets, type UseProfileWalletsReturn } from './useProfileWallets'
export { useActivity, type UseActivityOptions, type UseActivityReturn } from './useActivity'
export { useIdentity, type UseIdentityOptions, type UseIdentityReturn } from './useIdentity'
export { useNames, type UseNamesOptions, type UseNamesReturn } from './useNames'
export { useConnector, type UseConnectorOptions, type UseConnectorReturn } from './useConnector'
export { useProvider, type UseProviderOptions, type UseProviderReturn } from './useProvider'
export { useEmailLogin, type UseEmailLoginOptions, type UseEmailLoginReturn } from './useEmailLogin'
export { useSocialLogin, type UseSocialLoginOptions, type UseSocialLoginReturn } from './useSocialLogin'
export {
  type FarcasterLoginStep,
  useFarcasterLogin,
  type UseFarcasterLoginOptions,
  type UseFarcasterLoginReturn,
} from './useFarcasterLogin'
export {
  type PasskeyLoginError,
  type PasskeyLoginStep,
  usePasskeyLogin,
  type UsePasskeyLoginOptions,
  type UsePasskeyLoginReturn,
} from './usePasskeyLogin'
export { useEmbeddedAccount, type UseEmbeddedAccountOptions, type UseEmbeddedAccountReturn } from './useEmbeddedAccount'
export { useUpdateEmail, type UseUpdateEmailOptions, type UseUpdateEmailReturn } from './useUpdateEmail'
export { type TwoFactorPhase, useTwoFactor, type UseTwoFactorOptions, type UseTwoFactorReturn } from './useTwoFactor'
export { type ExportKeyPhase, useExportKey, type UseExportKeyReturn } from './useExportKey'
export { type RecoveryPhase, useRecovery, type UseRecoveryOptions, type UseRecoveryReturn } from './useRecovery'
export {
  type PasskeysAction,
  type PasskeysError,
  type PasskeysPhase,
  usePasskeys,
  type UsePasskeysOptions,
  type UsePasskeysReturn,
} from './usePasskeys'
export { useWalletFeatures, type UseWalletFeaturesOptions, type UseWalletFeaturesReturn } from './useWalletFeatures'
export { useReceive, type UseReceiveOptions, type UseReceiveReturn } from './useReceive'
export { useSend, type UseSendOptions, type UseSendReturn } from './useSend'
export { useSwap, type UseSwapOptions, type UseSwapReturn } from './useSwap'
export { usePayWithExchange, type UsePayWithExchangeOptions, type UsePayWithExchangeReturn } from './usePayWithExchange'
export { useOnRamp, type UseOnRampOptions, type UseOnRampReturn } from './useOnRamp'
export { usePreview, type UsePreviewOptions, type UsePreviewReturn } from './usePreview'
export { useRequestPreview, type UseRequestPreviewOptions, type UseRequestPreviewReturn } from './useRequestPreview'
export { useSiwx, type UseSiwxOptions, type UseSiwxReturn } from './useSiwx'
export { useLocale, type UseLocaleReturn } from './useLocale'
export { useOriginCheck, type UseOriginCheckReturn } from './useOriginCheck'
export { useEmailCapture, type UseEmailCaptureOptions, type UseEmailCaptureReturn } from './useEmailCapture'
