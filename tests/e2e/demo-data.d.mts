/** The demo data template of the browser tests (demo-data.mjs). */
export function templateDir(): string;
/** Copies the run's demo data into an empty data folder (a folder with a database is left as it is). */
export function copyDemoData(dataDir: string): Promise<void>;
