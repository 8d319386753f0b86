import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import 'prompt-composer-react/styles.css';
// Vite's own template stylesheet, as `npm create vite` writes it: its #root centres text.
import './index.css';
import { App } from './App.tsx';

// The API address comes from the page's query (?api=...), so the same build talks to any mock server;
// ?dir=rtl lays the page out right to left.
const query = new URLSearchParams(window.location.search);
const baseUrl = query.get('api') ?? 'http://127.0.0.1:4010';
if (query.get('dir') === 'rtl') document.documentElement.dir = 'rtl';
const queryClient = new QueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <QueryClientProvider client={queryClient}>
    <App baseUrl={baseUrl} />
  </QueryClientProvider>,
);
