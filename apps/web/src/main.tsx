import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { apiClient } from './lib/api-client.ts';

// Fetch the CSRF token once at start; state-changing calls fetch it themselves if this fails.
apiClient.ensureCsrf().catch(() => undefined);

createRoot(document.getElementById('root')!).render(<App />);
