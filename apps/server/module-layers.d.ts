/** The server's modules in layers, lowest first (module-layers.js). */
export declare const serverLayers: string[][];
