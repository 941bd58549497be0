import { mount } from 'svelte';
import '../app.css';
import './seat.css';
import { useTransport } from '../lib/api';
import { theme } from '../lib/theme.svelte';
import { tableTransport } from './backend';
import TableApp from './TableApp.svelte';

// The app's components ask the core as they do in the app; here over HTTP.
useTransport(tableTransport);
// A phone set to dark shows the table dark, as the app follows the OS.
theme.init();
mount(TableApp, { target: document.getElementById('app')! });
