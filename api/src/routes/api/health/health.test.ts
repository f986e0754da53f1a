import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends, build } from '../../../test/helpers.ts';

for (const backend of backends) {
  describe(`GET /api/health (${backend})`, () => {
    it('answers {status: ok}', async (t) => {
      const app = await build(t, backend);
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { status: 'ok' });
    });
  });
}
