/** Injected by the shared webpack config (tooling/webpack). */
declare const __BUILD_LABEL__: string;
declare const __APP_NAME__: string;
