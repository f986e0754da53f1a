/** Injected by the shared webpack config (tooling/webpack). */
declare const __BUILD_LABEL__: string;
declare const __APP_NAME__: string;
/** Replaced by webpack with the build's mode ('development' or 'production'); jest sets 'test'. */
declare const process: { env: { NODE_ENV?: string } };
