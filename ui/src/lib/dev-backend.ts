// Development only: lets `npm run dev` run in a plain browser, without Tauri.
import { mockIPC } from '@tauri-apps/api/mocks';
import { mockHandler } from './mock-backend';

export function installMockBackend(): void {
  mockIPC((cmd, args) => mockHandler(cmd, args as Record<string, unknown> | undefined));
  console.info('Tome: no Tauri backend, using the sample data in mock-data.ts');
}
