import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chatbot, renderPage, signInAdmin } from '../chatbots-testing';
import { FlowToolbar } from './flow-toolbar';

beforeEach(signInAdmin);

describe("the flow editor's bar", () => {
  it("a published bot's Unpublish is in the menu (as a button it pushed Publish changes onto a second row)", async () => {
    const onAction = vi.fn();
    renderPage(
      <FlowToolbar
        chatbot={chatbot({ status: 'published', publishedVersion: 1 })}
        saveIndicator={null}
        canUndo={false}
        canRedo={false}
        issueCount={0}
        publishing={false}
        onAction={onAction}
      />,
      '*',
      '/apps/chatbot/edit/flow/x',
    );
    expect(screen.getByTestId('publish-button')).toHaveTextContent('Publicar alterações');
    expect(screen.queryByRole('button', { name: 'Despublicar' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mais opções' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Despublicar' }));
    expect(onAction).toHaveBeenCalledWith('unpublish');
  });

  it("a hybrid bot's bar says 'Híbrido', with where its AI answers are set on hover (the whole sentence took a second row)", () => {
    renderPage(
      <FlowToolbar
        chatbot={chatbot({ type: 'hybrid' })}
        saveIndicator={null}
        canUndo={false}
        canRedo={false}
        issueCount={1}
        publishing={false}
        onAction={() => undefined}
      />,
      '*',
      '/apps/chatbot/edit/flow/hybrid/x',
    );
    const note = screen.getByLabelText('Híbrido: respostas de IA no editor de IA');
    expect(note).toHaveTextContent(/^Híbrido$/);
  });
});
