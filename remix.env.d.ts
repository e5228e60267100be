/// <reference types="@remix-run/node" />
/// <reference types="vite/client" />

/** The package version, set at build time (vite.config.ts). */
declare const __APP_VERSION__: string;
