import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import 'prompt-composer-react/styles.css';
import { App } from './App.tsx';

// The API address comes from the page's query (?api=...), so the same build talks to any mock server.
const baseUrl = new URLSearchParams(window.location.search).get('api') ?? 'http://127.0.0.1:4010';
const queryClient = new QueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <QueryClientProvider client={queryClient}>
    <App baseUrl={baseUrl} />
  </QueryClientProvider>,
);
