import { boot } from './boot';
import { apiExtensions, definitions } from './controllers/index';

boot(document, definitions, import.meta.url, apiExtensions);
