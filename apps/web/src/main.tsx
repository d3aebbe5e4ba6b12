import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { apiClient } from './lib/api-client.ts';
import { appContainer } from './lib/prerendered.ts';

// Fetch the CSRF token once at start; state-changing calls fetch it themselves if this fails.
apiClient.ensureCsrf().catch(() => undefined);

// The server's prerendered page stays on screen until the page's code has loaded and rendered
// (lib/prerendered.ts, page-fallback.tsx).
createRoot(appContainer(document.getElementById('root')!)).render(<App />);
