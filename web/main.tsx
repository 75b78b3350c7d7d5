/** Entry point of the inspector bundle: mounts the app on #app with a client for this origin. */
import { render } from 'preact';
import { App } from './app.tsx';
import './styles.css';

render(<App baseUrl={window.location.origin} />, document.getElementById('app')!);
