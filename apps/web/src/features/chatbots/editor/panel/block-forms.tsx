import type { ReactNode } from 'react';
import { isInputBlock, type TFlowBlock } from '@atende/shared';
import { AddTagForm, CloseForm, EndForm, SetPhaseForm, TransferForm } from './action-forms';
import { AiAgentForm } from './ai-agent-form';
import { EmbedBubbleForm, MediaBubbleForm, TextBubbleForm } from './bubble-forms';
import type { TFormProps } from './form-types';
import { HttpRequestForm } from './http-form';
import { SendTemplateForm } from './send-template-form';
import {
  ChoiceForm,
  CpfCnpjForm,
  InputCommon,
  InputRetries,
  NumberInputForm,
  PhoneInputForm,
  PictureChoiceForm,
  RatingForm,
  TextInputForm,
} from './input-forms';
import {
  AbSplitForm,
  BusinessHoursForm,
  CallForm,
  ConditionForm,
  JumpForm,
  SetVariableForm,
  WaitForm,
} from './logic-forms';

/** The form of a block's own fields (inputs: question and capture first, retries and timeout last). */
export function BlockForm(props: TFormProps<TFlowBlock>): ReactNode {
  const { block } = props;
  const p = props as TFormProps<any>;
  const own = (() => {
    switch (block.type) {
      case 'text':
        return <TextBubbleForm {...p} />;
      case 'image':
      case 'video':
      case 'audio':
      case 'file':
        return <MediaBubbleForm {...p} />;
      case 'embed':
        return <EmbedBubbleForm {...p} />;
      case 'text_input':
        return <TextInputForm {...p} />;
      case 'number_input':
        return <NumberInputForm {...p} />;
      case 'phone_input':
        return <PhoneInputForm {...p} />;
      case 'cpf_cnpj_input':
        return <CpfCnpjForm {...p} />;
      case 'choice_input':
        return <ChoiceForm {...p} />;
      case 'picture_choice_input':
        return <PictureChoiceForm {...p} />;
      case 'rating_input':
        return <RatingForm {...p} />;
      case 'set_variable':
        return <SetVariableForm {...p} />;
      case 'condition':
        return <ConditionForm {...p} />;
      case 'jump':
        return <JumpForm {...p} />;
      case 'call':
        return <CallForm {...p} />;
      case 'wait':
        return <WaitForm {...p} />;
      case 'ab_split':
        return <AbSplitForm {...p} />;
      case 'business_hours':
        return <BusinessHoursForm />;
      case 'http_request':
        return <HttpRequestForm {...p} />;
      case 'transfer':
        return <TransferForm {...p} />;
      case 'add_tag':
        return <AddTagForm {...p} />;
      case 'set_phase':
        return <SetPhaseForm {...p} />;
      case 'send_template':
        return <SendTemplateForm {...p} />;
      case 'close':
        return <CloseForm {...p} />;
      case 'end':
        return <EndForm />;
      case 'ai_agent':
        return <AiAgentForm {...p} />;
      default:
        return null;
    }
  })();
  if (!isInputBlock(block)) return own;
  return (
    <>
      <InputCommon {...p} />
      {own}
      <InputRetries {...p} />
    </>
  );
}
