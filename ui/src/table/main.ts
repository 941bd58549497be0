import { mount } from 'svelte';
import '../app.css';
import TableApp from './TableApp.svelte';

mount(TableApp, { target: document.getElementById('app')! });
