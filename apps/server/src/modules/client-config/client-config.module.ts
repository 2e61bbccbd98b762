import { defineModule } from '../../platform/module';
import { clientConfigRoutes } from './client-config.routes';
import { ClientConfigService } from './client-config.service';

/** The web app's public configuration (issue 13): browser error reporting (SENTRY_WEB_DSN). No tables. */
export const clientConfigModule = defineModule({
  name: 'client-config',
  tables: {},
  create: (platform) => ({ clientConfig: new ClientConfigService(platform.config) }),
  plugin: async (app) => {
    await app.register(clientConfigRoutes);
  },
});
