import { boot } from './boot';
import { definitions } from './controllers/index';

boot(document, definitions, import.meta.url);
