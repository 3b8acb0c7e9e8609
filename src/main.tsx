import { startApp } from './app/startup.ts';
import './app/app.css';

startApp(document.getElementById('root')!);
