// `npm run dev`: the API server (restarting on change) and Vite with hot reload, side by side.
// Open http://localhost:5173; Vite proxies /api to the server on port 3000.
import concurrently from 'concurrently';

const { result } = concurrently(
  [
    { command: 'tsx watch src/server/main.ts', name: 'api', prefixColor: 'blue' },
    { command: 'vite', name: 'web', prefixColor: 'magenta' },
  ],
  { killOthersOn: ['failure', 'success'] },
);
result.catch(() => process.exit(1));
