import { numberedOptionsText, type TInteractive, WHATSAPP_INTERACTIVE_LIMITS as L } from '@atende/shared';

/**
 * The Graph /messages body of an interactive message, the most native way Meta allows
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/messages/interactive-reply-buttons-messages,
 * .../interactive-list-messages):
 * - up to 3 options whose titles fit a button (20 characters): reply buttons;
 * - up to 10 options: a list message, rows titled with up to 24 characters (a longer title is cut
 *   and kept whole in the row's description, 72 characters);
 * - more options: numbered text (the customer answers with the number or the option).
 * The body is cut to Meta's 1,024 characters, header and footer to 60.
 */
export function whatsappInteractivePayload(text: string, interactive: TInteractive): Record<string, unknown> {
  const { options } = interactive;
  if (options.length > L.listRows)
    return { type: 'text', text: { body: numberedOptionsText(text, interactive), preview_url: false } };
  const body = { text: cut(text || '…', L.body) };
  const extras = {
    ...(interactive.header ? { header: { type: 'text', text: cut(interactive.header, L.header) } } : {}),
    ...(interactive.footer ? { footer: { text: cut(interactive.footer, L.footer) } } : {}),
  };
  const asButtons =
    options.length <= L.buttons && options.every((o) => o.title.length <= L.buttonTitle && !o.description);
  if (asButtons) {
    return {
      type: 'interactive',
      interactive: {
        type: 'button',
        body,
        ...extras,
        action: {
          buttons: options.map((o) => ({ type: 'reply', reply: { id: o.id, title: o.title } })),
        },
      },
    };
  }
  return {
    type: 'interactive',
    interactive: {
      type: 'list',
      body,
      ...extras,
      action: {
        button: cut(interactive.listButton || 'Opções', L.listButton),
        sections: [
          {
            rows: options.map((o) => {
              const description =
                o.title.length > L.rowTitle
                  ? [o.title, o.description].filter(Boolean).join(' — ')
                  : o.description;
              return {
                id: o.id,
                title: cut(o.title, L.rowTitle),
                ...(description ? { description: cut(description, L.rowDescription) } : {}),
              };
            }),
          },
        ],
      },
    },
  };
}

/** Text cut to `max` characters, with an ellipsis when it was longer. */
function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
