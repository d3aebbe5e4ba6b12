import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './security-headers.ts';

const sha = (s: string) => `'sha256-${crypto.createHash('sha256').update(s, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes each script that runs inline, exactly as written (spaces and all)', () => {
    const html = `<head><script> var a = 1; </script><SCRIPT type="text/javascript">b()</SCRIPT><script type="module">import './x.js'</script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha(' var a = 1; '), sha('b()'), sha("import './x.js'")]);
  });
  it('leaves out scripts with a src and data that never runs (the runtime settings, JSON-LD)', () => {
    const html = `<script type="module" crossorigin src="/assets/index.js"></script>
      <script type="application/json" id="sunstamp-config">{"a":1}</script>
      <script type="application/ld+json">{"@type":"Article"}</script>`;
    expect(inlineScriptHashes(html)).toEqual([]);
  });
  it('is empty for no page (an API-only run)', () => {
    expect(inlineScriptHashes('')).toEqual([]);
  });
});
