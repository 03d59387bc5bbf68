// Loaded with `node --import` into a `feedback-board serve` of the attachment benchmark: `sharp`
// cannot be imported in that process, as where the optional peer is not installed, so thumbnail
// paths answer the original image.
import { register } from 'node:module';

const hooks = `export async function resolve(specifier, context, next) {
  if (specifier === 'sharp') throw Object.assign(new Error('sharp is not installed here'), { code: 'ERR_MODULE_NOT_FOUND' });
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
