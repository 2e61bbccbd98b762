/** en texts of the signed-in app: every namespace outside en.core.ts. */
export default import.meta.glob<Record<string, unknown>>(
  ['../../locales/en/*.json', '!../../locales/en/{common,auth,shell,errors,validation,status}.json'],
  { eager: true, import: 'default' },
);
