import { createOpenApiDocument } from 'feedback-board/openapi';

const document = createOpenApiDocument({
  basePath: '/feedback/api/v1',
  serverUrl: 'https://app.example.com',
  title: 'Acme feedback API',
});
const operations = Object.values(document.paths).flatMap((item) => Object.keys(item));
console.log(document.openapi, Object.keys(document.paths).length, operations.length); // → 3.1.0 21 28
console.log(Object.keys(document.paths)[0]); // → /feedback/api/v1/boards
