# The Secure Boot image (`make secureboot`; docs/SECUREBOOT.md): build/tickbench-sb.iso
# boots with Secure Boot on once its certificate is enrolled through MokManager:
# Debian's signed shim starts our GRUB (multiboot2 and the menu built in, an .sbat
# section, signed with our key), and GRUB has shim check the kernel, which is
# therefore a signed PE file and a multiboot2 kernel at once: the kernel linked with
# the multiboot2 address tag (boot/header.S), its raw image wrapped by tools/pe-wrap.
# The same image boots under BIOS and with Secure Boot off. Its tools (shim, sbsign)
# are not in install-deps' default list: `make deps-secureboot` installs them.
# The key: SIGN_KEY= and SIGN_CERT= (PEM) name the user's own; otherwise one is made
# once into build/sb/ (never committed; keep it to keep the enrolled key valid).
SB         := $(BUILD)/sb
SB_ISO     := $(BUILD)/tickbench-sb.iso
SB_KEY     := $(or $(SIGN_KEY),$(SB)/MOK.key)
SB_CERT    := $(or $(SIGN_CERT),$(SB)/MOK.crt)
# The wrong-key test image: the same GRUB, its kernel signed by another key.
SB_WRONG_ISO := $(BUILD)/tickbench-sb-wrongkey.iso
SB_GRUB_MODULES := normal configfile echo test halt reboot sleep search search_fs_file \
	part_gpt part_msdos fat iso9660 memdisk tar serial terminal all_video efi_gop \
	efi_uga multiboot2 boot iorw

# $(call sbsign,ARGS): sbsign, whose "Signing Unsigned original image" is shown
# only with the errors it goes with.
sbsign = out=$$(sbsign $(1) 2>&1) || { echo "$$out"; exit 1; }

.PHONY: secureboot deps-secureboot
secureboot: $(SB_ISO)

deps-secureboot:
	@scripts/install-deps --secureboot

ifneq ($(if $(SIGN_KEY),y),$(if $(SIGN_CERT),y))
$(error give both SIGN_KEY= and SIGN_CERT=, or neither)
endif

# A key of our own, made once (openssl; RSA 2048, as shim and MokManager take).
$(SB)/%.key $(SB)/%.crt:
	$(call msg,KEY,$(SB)/$*.key)
	@mkdir -p $(dir $@)
	$(Q)openssl req -new -x509 -newkey rsa:2048 -nodes -sha256 -days 3650 \
		-subj "/CN=tickbench Secure Boot key $* ($$(hostname), $$(date -u +%F))/" \
		-keyout $(SB)/$*.key -out $(SB)/$*.crt 2>/dev/null
	$(Q)chmod 600 $(SB)/$*.key

# Which key signs, rewritten only when the choice changes, so that a new SIGN_KEY=
# re-signs everything.
$(SB)/signer: FORCE
	@mkdir -p $(SB)
	@echo '$(SB_KEY) $(SB_CERT)' > $@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

$(SB)/tickbench.cer: $(SB_CERT) $(SB)/signer
	$(call msg,DER,$@)
	$(Q)openssl x509 -in $< -outform DER -out $@

$(SB)/header-flat.o: boot/header.S
	$(call msg,AS,$@)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(ASFLAGS) -DMB2_LOAD_ADDRESS -c $< -o $@

# The kernel objects of $(KERNEL) with the header that has the address tag.
$(SB)/tickbench-flat.elf: $(SB)/header-flat.o $(KERNEL_DEBUG) linker.ld
	$(call link_kernel,$(SB)/header-flat.o)

$(SB)/tickbench-unsigned.efi: $(SB)/tickbench-flat.elf tools/pe-wrap
	$(call msg,PE,$@)
	$(Q)objcopy -O binary -R .bss $< $(SB)/tickbench.bin
	$(Q)tools/pe-wrap $(SB)/tickbench.bin $@
	$(Q)grub-file --is-x86-multiboot2 $@

$(SB)/tickbench.efi: $(SB)/tickbench-unsigned.efi $(SB_KEY) $(SB_CERT) $(SB)/signer
	$(call msg,SIGN,$@)
	$(Q)$(call sbsign,--key $(SB_KEY) --cert $(SB_CERT) --output $@ $<)
	$(Q)sbverify --cert $(SB_CERT) $@ >/dev/null
	$(Q)grub-file --is-x86-multiboot2 $@

$(SB)/tickbench-wrongkey.efi: $(SB)/tickbench-unsigned.efi $(SB)/wrong.key $(SB)/wrong.crt
	$(call msg,SIGN,$@)
	$(Q)$(call sbsign,--key $(SB)/wrong.key --cert $(SB)/wrong.crt --output $@ $<)

# Our GRUB: everything the menu needs built in (under Secure Boot GRUB loads no
# module from disk), the menu in a memdisk, iso/grub-sb-early.cfg finding the image
# and starting it. iso/sbat.csv: the SBAT generations Debian gives this GRUB
# version; shim refuses an image with no .sbat section.
$(SB)/grubx64.efi: iso/grub.cfg iso/grub-sb-early.cfg iso/sbat.csv $(SB_KEY) $(SB_CERT) \
		$(SB)/signer
	$(call msg,GRUB,$@)
	@rm -rf $(SB)/memdisk && mkdir -p $(SB)/memdisk
	$(Q)cp iso/grub.cfg $(SB)/memdisk/grub.cfg
	$(Q)tar --format=ustar -C $(SB)/memdisk -cf $(SB)/memdisk.tar grub.cfg
	$(Q)grub-mkimage -O x86_64-efi -p /boot/grub -c iso/grub-sb-early.cfg \
		-m $(SB)/memdisk.tar --sbat iso/sbat.csv -o $(SB)/grubx64-unsigned.efi \
		$(SB_GRUB_MODULES)
	$(Q)$(call sbsign,--key $(SB_KEY) --cert $(SB_CERT) --output $@ $(SB)/grubx64-unsigned.efi)

$(SB_ISO): $(SB)/grubx64.efi $(SB)/tickbench.efi $(SB)/tickbench.cer iso/grub.cfg \
		scripts/mkiso-secureboot
	$(call msg,ISO,$@)
	$(Q)scripts/mkiso-secureboot $@ $(SB)/grubx64.efi $(SB)/tickbench.efi \
		$(SB)/tickbench.cer iso/grub.cfg

$(SB_WRONG_ISO): $(SB)/grubx64.efi $(SB)/tickbench-wrongkey.efi $(SB)/tickbench.cer \
		iso/grub.cfg scripts/mkiso-secureboot
	$(call msg,ISO,$@)
	$(Q)scripts/mkiso-secureboot $@ $(SB)/grubx64.efi $(SB)/tickbench-wrongkey.efi \
		$(SB)/tickbench.cer iso/grub.cfg
