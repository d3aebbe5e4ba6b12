import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { apiClient } from './lib/api-client.ts';
import { keepPrerendered } from './lib/prerendered.ts';

// Fetch the CSRF token once at start; state-changing calls fetch it themselves if this fails.
apiClient.ensureCsrf().catch(() => undefined);

const root = document.getElementById('root')!;
// The server's prerendered text stays on screen until the page's code has loaded (page-fallback.tsx).
keepPrerendered(root);
createRoot(root).render(<App />);
