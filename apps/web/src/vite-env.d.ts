/// <reference types="vite/client" />

/** Build number (Date.now() at build), sent as the Front-Version header. */
declare const __FRONT_VERSION__: string;
