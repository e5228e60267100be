/** Bundles one TypeScript entry of the project to `outfile` (an ES module; packages external). Answers `outfile`. */
export function bundleEntry(entry: string, outfile: string): Promise<string>;
