/** pt-BR texts of the signed-in app: every namespace outside pt-BR.core.ts. */
export default import.meta.glob<Record<string, unknown>>(
  ['../../locales/pt-BR/*.json', '!../../locales/pt-BR/{common,auth,shell,errors,validation,status}.json'],
  { eager: true, import: 'default' },
);
