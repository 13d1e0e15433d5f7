//! The FlashAttention forward kernels, one line each over a configuration (`config.rs`).
//! Entry names contain `flash_attention`; launched on the grid `(ceil(seqlen_q / 128), heads x
//! batch)` with Q's, K's and V's descriptors and one `AttentionArgs`.

use crate::config::{Bf16Hdim128, Bf16Hdim128Sequential, Bf16Hdim128Unordered};
use crate::config::{Bf16Hdim256, Bf16Hdim64};
use crate::config::{F16Hdim128, F16Hdim256, F16Hdim64};
use tessel::attention_kernel;

tessel::shared_array!(smem);

attention_kernel!(
    /// bf16, head dim 64.
    flash_attention_fwd_bf16_hdim64: Bf16Hdim64, smem
);
attention_kernel!(
    /// bf16, head dim 128.
    flash_attention_fwd_bf16_hdim128: Bf16Hdim128, smem
);
attention_kernel!(
    /// bf16, head dim 256.
    flash_attention_fwd_bf16_hdim256: Bf16Hdim256, smem
);
attention_kernel!(
    /// f16, head dim 64.
    flash_attention_fwd_f16_hdim64: F16Hdim64, smem
);
attention_kernel!(
    /// f16, head dim 128.
    flash_attention_fwd_f16_hdim128: F16Hdim128, smem
);
attention_kernel!(
    /// f16, head dim 256.
    flash_attention_fwd_f16_hdim256: F16Hdim256, smem
);
attention_kernel!(
    /// bf16, head dim 128, the consumer warpgroups issuing `Q K^T` as they come.
    flash_attention_fwd_bf16_hdim128_unordered: Bf16Hdim128Unordered, smem
);
attention_kernel!(
    /// bf16, head dim 128, without the intra-warpgroup overlap.
    flash_attention_fwd_bf16_hdim128_sequential: Bf16Hdim128Sequential, smem
);
