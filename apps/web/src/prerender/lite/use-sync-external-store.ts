/**
 * react-i18next imports `use-sync-external-store/shim`, a stand-in for React versions before 18.
 * React 19 has the hook itself, so the public bundle takes React's own.
 */
export { useSyncExternalStore } from 'react';
