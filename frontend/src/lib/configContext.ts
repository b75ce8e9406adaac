import { createContext, useCallback, useContext } from 'react';
import { DEFAULT_CONFIG, type RuntimeConfig } from './config';
import { fillText } from './text';

export const ConfigContext = createContext<RuntimeConfig>(DEFAULT_CONFIG);

export function useConfig(): RuntimeConfig {
  return useContext(ConfigContext);
}

/** Returns a function that fills content tokens ({brand}, {supportEmail}…) from the config. */
export function useText(): (text: string) => string {
  const config = useConfig();
  return useCallback((text: string) => fillText(text, config), [config]);
}
