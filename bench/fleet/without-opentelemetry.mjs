// Loaded with `node --import` by the overhead measurement: from here on `@opentelemetry/api` cannot be
// resolved, as in an app that does not install it (the baseline the instruments' cost is measured against).
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (specifier === '@opentelemetry/api' || specifier.startsWith('@opentelemetry/api/')) {
        throw Object.assign(new Error('Cannot find package ' + specifier), { code: 'ERR_MODULE_NOT_FOUND' });
      }
      return next(specifier, context);
    }
  `)}`,
);
