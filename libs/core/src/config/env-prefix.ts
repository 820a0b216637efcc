/** `polygon` → `POLYGON`, `polygon-zkevm` → `POLYGON_ZKEVM`: the prefix of a chain's own variables. */
export const envPrefix = (chainId: string): string => chainId.toUpperCase().replace(/[^A-Z0-9]/g, '_');
