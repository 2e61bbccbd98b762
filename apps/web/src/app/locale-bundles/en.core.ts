/** en texts of the sign-in pages, the status pages and every error (CORE_NAMESPACES in app/i18n.ts). */
export default import.meta.glob<Record<string, unknown>>(
  '../../locales/en/{common,auth,shell,errors,validation,status}.json',
  { eager: true, import: 'default' },
);
