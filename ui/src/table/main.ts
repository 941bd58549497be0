import { mount } from 'svelte';
import '../app.css';
import './seat.css';
import { useTransport } from '../lib/api';
import { tableTransport } from './backend';
import TableApp from './TableApp.svelte';

// The app's components ask the core as they do in the app; here over HTTP.
useTransport(tableTransport);
mount(TableApp, { target: document.getElementById('app')! });
