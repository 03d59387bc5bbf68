import { createOpenApiDocument } from 'feedback-board/openapi';

const document = createOpenApiDocument({
  basePath: '/feedback/api/v1',
  serverUrl: 'https://app.example.com',
  title: 'Acme feedback API',
});
console.log(document.openapi); // → 3.1.0
console.log(Object.keys(document.paths)[0]); // → /feedback/api/v1/boards
