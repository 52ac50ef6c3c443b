export { getCookie, setCookie, deleteCookie } from './cookies';
export type { StorageKey, JsonStorageKey } from './storage';
export { STORAGE_KEYS, readStored, writeStored, removeStored, readStoredCookie, writeStoredCookie } from './storage';
export type { TokenStorageMode, AccessTokenStore } from './access-token';
export { getAccessToken, setAccessToken, createAccessTokenStore, tokenStorageModeFor } from './access-token';
export { getDisabledRoles, setDisabledRoles, activeRoles } from './disabled-roles';
export {
  getLanguage,
  setLanguage,
  getVideoQuality,
  setVideoQuality,
  getVolume,
  setVolume,
  getAutoplay,
  setAutoplay,
  getProfileMenuFolded,
  setProfileMenuFolded,
  getApprovedCookies,
  setApprovedCookies,
  getApprovedAge,
  setApprovedAge,
} from './preferences';
export { getVisitId, setVisitId } from './visit-id';
export { getTld, setTldOverride, tldOfHostname } from './tld';
export type { SuccessMarkerKind, SuccessMarkers } from './success-markers';
export { hasSuccessMarker, takeSuccessMarker, writeSuccessMarker } from './success-markers';
