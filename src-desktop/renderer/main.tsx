import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './ConsoleApp.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(<ConsoleApp bridge={window.hireAssistConsole} />);
