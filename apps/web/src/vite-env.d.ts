/// <reference types="vite/client" />

/** Build number (Date.now() at build), sent as the Front-Version header. */
declare const __FRONT_VERSION__: string;
/** The app's version (package.json), shown in the user menu. */
declare const __APP_VERSION__: string;
