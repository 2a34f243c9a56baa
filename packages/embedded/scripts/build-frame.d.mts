/** Build the frame app into `outDir` (default dist/frame/ of @portico/embedded); resolves with that directory. */
export function buildFrame(options?: { outDir?: string }): Promise<string>
